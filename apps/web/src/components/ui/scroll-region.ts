// A table wider than a phone scrolls sideways inside its own box. That box must be reachable by keyboard and
// named, or a keyboard user cannot see the columns off screen (WCAG 2.1.1; axe 'scrollable-region-focusable').

/** The props that make a horizontal scroll box a focusable, named region: spread them on its element. */
export const scrollRegion = (label: string) => ({ role: 'region', 'aria-label': label, tabIndex: 0 }) as const
