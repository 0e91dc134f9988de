import { describe, expect, it } from 'vitest'
import { parseForm } from './form.ts'

describe("Stripe's form encoding", () => {
  it('nests brackets, indexes arrays and appends with []', () => {
    expect(
      parseForm(
        'items[0][id]=si_1&items[0][quantity]=3&items[1][price]=price_x&expand[]=subscription&expand[]=customer&metadata[org]=a%20b&email=x%2By%40z.test',
      ),
    ).toEqual({
      items: [{ id: 'si_1', quantity: '3' }, { price: 'price_x' }],
      expand: ['subscription', 'customer'],
      metadata: { org: 'a b' },
      email: 'x+y@z.test',
    })
  })

  it("reads the SDK's indexed arrays and encoded brackets the same way", () => {
    expect(parseForm('expand%5B0%5D=a&expand%5B1%5D=b&line_items[0][price]=p')).toEqual({
      expand: ['a', 'b'],
      line_items: [{ price: 'p' }],
    })
  })

  it('keeps empty values (Stripe uses them to unset) and ignores prototype keys', () => {
    expect(parseForm('default_payment_method=&__proto__[x]=1&a[constructor]=2')).toEqual({
      default_payment_method: '',
    })
    expect(({} as { x?: string }).x).toBeUndefined()
  })
})
