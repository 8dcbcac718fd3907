import { cardTypeOf, formatCardNumber, luhnValid, maskCardNumber, validateCard, validExpiry, validSecurityCode, CARD_MESSAGES } from '@/lib/payments/cards';

const now = new Date('2026-11-20T12:00:00Z');
const card = (over: Partial<Parameters<typeof validateCard>[0]> = {}) => ({ card_number: '4111 1111 1111 1111', expiration_date: '12/29', cvv: '123', card_holder_name: 'Emma Recruiter', ...over });

describe('card rules of the hosted fields', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4000000000000119')).toBe(true);
  });

  it.each([
    ['4111111111111111', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2223003122003222', 'Mastercard'],
    ['378282246310005', 'Amex'],
    ['6011111111111117', 'Discover'],
    ['3530111333300000', null],
  ])('knows the type of %s', (n, type) => expect(cardTypeOf(n)).toBe(type));

  it('answers the spec messages for each broken rule', () => {
    expect(validateCard(card(), now)).toEqual([]);
    expect(validateCard(card({ card_number: '4111 1111 1111 1112' }), now)).toEqual([{ field: 'card_number', message: 'Invalid credit card number.' }]);
    // A Luhn-valid number of an unsupported brand (JCB) is refused too.
    expect(validateCard(card({ card_number: '3530111333300000' }), now)[0].message).toBe(CARD_MESSAGES.number);
    expect(validateCard(card({ expiration_date: '10/26' }), now)).toEqual([{ field: 'expiration_date', message: 'Invalid expiration date.' }]);
    expect(validateCard(card({ expiration_date: '13/29' }), now)[0].message).toBe('Invalid expiration date.');
    expect(validateCard(card({ cvv: '12' }), now)).toEqual([{ field: 'cvv', message: 'Invalid security number.' }]);
    expect(validateCard(card({ card_holder_name: ' ' }), now)).toEqual([{ field: 'card_holder_name', message: 'Validation fails.' }]);
  });

  it('accepts the current month as not expired and wants 4 digits for Amex', () => {
    expect(validExpiry('11/26', now)).toBe(true);
    expect(validExpiry('10/26', now)).toBe(false);
    expect(validSecurityCode('1234', 'Amex')).toBe(true);
    expect(validSecurityCode('123', 'Amex')).toBe(false);
    expect(validSecurityCode('1234', 'Visa')).toBe(false);
  });

  it('formats and masks', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(maskCardNumber('4111 1111 1111 1111')).toBe('**** **** **** 1111');
  });
});
