// Counts in words, for every screen, email and file: '1 payment', '3 payments', never '1 payments'.

/** '1 invitation', '2 invitations'; `many` for nouns that do not just add an s ('1 person', '2 people'). */
export const countText = (count: number, one: string, many: string = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`
