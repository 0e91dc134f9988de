/**
 * Work a server does after it starts listening (the demo data pull). Liveness (/api/health/) answers at once;
 * readiness (/api/health/ready/) waits until these finish, so load balancers and test runs start on a
 * settled server.
 */
export class StartupTasks {
  private readonly pending = new Set<string>()

  async run(name: string, task: () => Promise<unknown>): Promise<void> {
    this.pending.add(name)
    try {
      await task()
    } finally {
      this.pending.delete(name)
    }
  }

  get waitingFor(): string[] {
    return [...this.pending]
  }
}
