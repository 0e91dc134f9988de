// One clean drug name from the display of a Part D event's NDC coding. Blue Button writes the product name,
// a dash, then the active ingredient, often repeating the name in capitals ('Gabapentin - GABAPENTIN',
// 'Atorvastatin Calcium - ATORVASTATIN CALCIUM TRIHYDRATE'); people want the name once. A brand with a
// different ingredient keeps the ingredient in brackets ('Lipitor (Atorvastatin Calcium)').

// Abbreviations that title case would spoil.
const KEEP_AS_WRITTEN: Readonly<Record<string, string>> = {
  HCL: 'HCl',
  HBR: 'HBr',
  ER: 'ER',
  XR: 'XR',
  XL: 'XL',
  SR: 'SR',
  CR: 'CR',
  DR: 'DR',
  IR: 'IR',
  ODT: 'ODT',
  HCT: 'HCT',
}

export function cleanDrugName(display: string | null): string | null {
  const text = display?.replace(/\s+/g, ' ').trim()
  if (!text) return null
  const [product = '', ingredient = ''] = text.split(/ - (.*)/s).map((part) => part.trim())
  if (!ingredient) return readable(product)
  if (!product || sameDrug(product, ingredient)) return readable(product || ingredient)
  return `${readable(product)} (${readable(ingredient)})`
}

/** The ingredient only restates the product when one's words begin the other's ('ATORVASTATIN CALCIUM TRIHYDRATE'). */
function sameDrug(product: string, ingredient: string): boolean {
  const a = product.toLowerCase()
  const b = ingredient.toLowerCase()
  return a === b || b.startsWith(`${a} `) || a.startsWith(`${b} `)
}

/** Names written all in capitals get title case; names with their own capitals keep them. */
function readable(name: string): string {
  if (name !== name.toUpperCase()) return name
  return name.replace(
    /[A-Za-z]+/g,
    (word) => KEEP_AS_WRITTEN[word] ?? word.charAt(0) + word.slice(1).toLowerCase(),
  )
}
