// Leaving the app for Blue Button's authorize page; an object so tests can watch the call.
export const browser = {
  assign(url: string): void {
    window.location.assign(url)
  },
}
