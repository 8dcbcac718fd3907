import { phoneText } from '@/lib/auth/phone';

describe('phoneText: a stored phone as the screens show it', () => {
  it('masks stored digits, with or without the country code, and leaves a placeholder alone', () => {
    expect(phoneText('+15125550199')).toBe('(512)555-0199');
    expect(phoneText('2145550100')).toBe('(214)555-0100');
    expect(phoneText('n/a')).toBe('n/a');
    expect(phoneText(null)).toBe('');
  });
});
