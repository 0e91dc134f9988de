import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NetworkBanners, NETWORK_MESSAGES } from './network-banners.tsx'
import { isSlowConnection } from './use-network-status.ts'

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: online })
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

afterEach(() => {
  vi.useRealTimers()
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true })
})

describe('isSlowConnection', () => {
  it('flags 2g, rtt over 400 ms and downlink under 0.5 Mbps', () => {
    expect(isSlowConnection({ effectiveType: '2g' })).toBe(true)
    expect(isSlowConnection({ effectiveType: '4g', rtt: 450 })).toBe(true)
    expect(isSlowConnection({ effectiveType: '4g', rtt: 400, downlink: 0.4 })).toBe(true)
    expect(isSlowConnection({ effectiveType: '4g', rtt: 400, downlink: 0.5 })).toBe(false)
    expect(isSlowConnection(undefined)).toBe(false)
  })
})

describe('NetworkBanners', () => {
  it('shows the offline banner, offers Retry Connection after 30 s, then shows Connection restored for 3 s', () => {
    vi.useFakeTimers()
    render(<NetworkBanners />)
    act(() => setOnline(false))
    expect(screen.getByText(NETWORK_MESSAGES.offline)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retry Connection' })).not.toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(30_000)
    })
    expect(screen.getByRole('button', { name: 'Retry Connection' })).toBeInTheDocument()
    act(() => setOnline(true))
    expect(screen.queryByText(NETWORK_MESSAGES.offline)).not.toBeInTheDocument()
    expect(screen.getByText('Connection restored')).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(3_000)
    })
    expect(screen.queryByText('Connection restored')).not.toBeInTheDocument()
  })

  it('hides a dismissed offline banner for 5 minutes', () => {
    vi.useFakeTimers()
    render(<NetworkBanners />)
    act(() => setOnline(false))
    act(() => screen.getByRole('button', { name: 'Dismiss offline message' }).click())
    expect(screen.queryByText(NETWORK_MESSAGES.offline)).not.toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(5 * 60_000)
    })
    expect(screen.getByText(NETWORK_MESSAGES.offline)).toBeInTheDocument()
  })

  it('shows the slow-connection notice from navigator.connection', () => {
    const connection = Object.assign(new EventTarget(), { effectiveType: '2g', rtt: 900, downlink: 0.2 })
    Object.defineProperty(navigator, 'connection', { configurable: true, value: connection })
    render(<NetworkBanners />)
    expect(screen.getByText(NETWORK_MESSAGES.slow)).toBeInTheDocument()
    Object.defineProperty(navigator, 'connection', { configurable: true, value: undefined })
  })
})
