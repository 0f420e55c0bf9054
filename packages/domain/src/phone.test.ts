import { describe, expect, it } from 'vitest';
import { filterPhoneInput, isValidMobilePhone, maskPhone, normalizePhone } from './phone.ts';

describe('filterPhoneInput', () => {
  it('keeps digits only', () => {
    expect(filterPhoneInput(' 138 1234-5678 ')).toEqual({ value: '13812345678', exceeded: false });
  });
  it('truncates to 11 and reports the overflow', () => {
    expect(filterPhoneInput('138123456789')).toEqual({ value: '13812345678', exceeded: true });
  });
  it('folds full-width digits', () => {
    expect(filterPhoneInput('１３８１２３４５６７８')).toEqual({ value: '13812345678', exceeded: false });
  });
  it('drops a leading +86 country code', () => {
    expect(filterPhoneInput('+86 138 1234 5678')).toEqual({ value: '13812345678', exceeded: false });
    expect(filterPhoneInput('＋８６13812345678')).toEqual({ value: '13812345678', exceeded: false });
  });
  it('drops a country code however it is written: a mobile number never starts with 8 or 0', () => {
    for (const written of ['8613812345678', '+86-138-1234-5678', '0086 138 1234 5678', '86 138 1234 5678', '+86（138）12345678']) {
      expect([written, filterPhoneInput(written)]).toEqual([written, { value: '13812345678', exceeded: false }]);
    }
  });
  it('typed key by key, "+86 138…" ends as the number, never as 86138…', () => {
    for (const written of ['+86 13812345678', '8613812345678', '+86-138 1234 5678', '0086 13812345678']) {
      // What a controlled input does: each key is added to the value the filter gave back.
      let value = '';
      for (const key of written) value = filterPhoneInput(value + key).value;
      expect([written, value]).toEqual([written, '13812345678']);
    }
  });
  it('shows a country code being typed until the number starts', () => {
    expect(filterPhoneInput('+').value).toBe('');
    expect(filterPhoneInput('86').value).toBe('86');
    expect(filterPhoneInput('861').value).toBe('1');
  });
  it('handles empty input', () => {
    expect(filterPhoneInput('')).toEqual({ value: '', exceeded: false });
  });
});

describe('normalizePhone (the form, the lookup and the server read a number by it)', () => {
  it.each(['+86 138 1234 5678', '8613812345678', '+86-138-1234-5678', '0086 13812345678', '１３８ １２３４ ５６７８', ' 13812345678 '])('reads %j as 13812345678', (written) => {
    expect(normalizePhone(written)).toBe('13812345678');
  });
  it('never shortens a number that is too long into another one', () => {
    expect(normalizePhone('138123456789')).toBe('138123456789');
    expect(isValidMobilePhone(normalizePhone('86138123456789'))).toBe(false);
  });
  it('leaves an 86 inside the number alone', () => {
    expect(normalizePhone('138 8612 3456')).toBe('13886123456');
  });
});

/** Every third-digit prefix 130–199 and whether it is accepted. */
const ACCEPTED_PREFIXES = new Set([
  ...['130', '131', '132', '133', '134', '135', '136', '137', '138', '139'],
  ...['140', '141', '144', '145', '146', '147', '148', '149'],
  ...['150', '151', '152', '153', '155', '156', '157', '158', '159'],
  ...['162', '165', '166', '167'],
  ...['170', '171', '172', '173', '174', '175', '176', '177', '178'],
  ...['180', '181', '182', '183', '184', '185', '186', '187', '188', '189'],
  ...['190', '191', '192', '193', '195', '196', '197', '198', '199'],
]);

describe('isValidMobilePhone', () => {
  it('follows the prefix table for every prefix 100–199', () => {
    for (let prefix = 100; prefix <= 199; prefix++) {
      expect([prefix, isValidMobilePhone(`${prefix}12345678`)]).toEqual([prefix, ACCEPTED_PREFIXES.has(String(prefix))]);
    }
  });

  it.each(['19712345678', '16212345678', '14912345678'])('accepts %s', (phone) => {
    expect(isValidMobilePhone(phone)).toBe(true);
  });

  it.each(['15412345678', '19412345678', '16912345678', '17912345678', '14212345678', '12012345678'])(
    'rejects the unassigned range %s',
    (phone) => {
      expect(isValidMobilePhone(phone)).toBe(false);
    },
  );

  it.each(['1381234567', '138123456789', '', '1381234567a', ' 13812345678', '23812345678', '+8613812345678'])(
    'rejects the malformed %j',
    (phone) => {
      expect(isValidMobilePhone(phone)).toBe(false);
    },
  );
});

describe('maskPhone', () => {
  it('masks the middle four digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });
  it('keeps first and last of other lengths', () => {
    expect(maskPhone('12345')).toBe('1***5');
    expect(maskPhone('1')).toBe('*');
  });
});
