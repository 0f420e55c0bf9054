import { describe, expect, it } from 'vitest';
import { CLIENT_KEY_PATTERN, completionLacksDeclaration, customerDocumentTypeOf, isRepeatedMove, processMoveNeedsNote, screenshotTypeOf, sniffScreenshotType, uploadCheck } from './order-handling.ts';

describe('notes on process status moves', () => {
  it('asks for a note when waiting for the customer, ending, or reopening', () => {
    expect(processMoveNeedsNote('4', '3')).toBe(true);
    expect(processMoveNeedsNote('4', '5')).toBe(true);
    expect(processMoveNeedsNote('2', '4')).toBe(true);
    expect(processMoveNeedsNote('1', '4')).toBe(false);
    expect(processMoveNeedsNote('4', '2')).toBe(false);
  });
});

describe('screenshot type sniffing', () => {
  it('recognises PNG and JPEG by their signatures', () => {
    expect(sniffScreenshotType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffScreenshotType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
  });
  it('rejects anything else, whatever its name says', () => {
    expect(sniffScreenshotType(new Uint8Array([...'<svg xmlns="http://www.w3.org/2000/svg"/>'].map((c) => c.charCodeAt(0))))).toBeUndefined();
    expect(sniffScreenshotType(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeUndefined();
    expect(sniffScreenshotType(new Uint8Array([0x89, 0x50]))).toBeUndefined();
  });
});

describe('screenshotTypeOf', () => {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const bytes = (...parts: Array<number[] | string>) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));

  it('takes a PNG or JPEG whose bytes carry no markup', () => {
    expect(screenshotTypeOf(bytes(PNG, [0, 0, 0, 13], 'IHDR', [1, 2, 3, 0x3c, 0x3e]))).toBe('image/png');
    expect(screenshotTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF <b> 2 < 3'))).toBe('image/jpeg');
  });

  it.each([
    ['HTML right after the PNG signature', bytes(PNG, '<html><body><script>alert(1)</script></body></html>')],
    ['HTML after IEND', bytes(PNG, 'IHDR....IEND', [0xae, 0x42, 0x60, 0x82], '<HTML><SCRIPT>x</SCRIPT>')],
    ['an SVG in a text chunk', bytes(PNG, 'tEXtComment\0<svg onload=alert(1)>')],
    ['a javascript: URL in a JPEG comment', bytes([0xff, 0xd8, 0xff, 0xfe], 'JavaScript:alert(1)')],
    ['an SVG named .png', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
  ])('refuses %s', (_name, file) => {
    expect(screenshotTypeOf(file)).toBeUndefined();
  });
});

describe('completing an annual report without the customer figures', () => {
  const company = '上海快报科技有限公司';
  const filed = { sale_amount: '12.5', tax_amount: '0', total_amount: '30', total_employee: '5', female_employee: '2', insure_employee: '0' } as Record<string, string>;
  it('needs confirmation when the figures are missing or incomplete', () => {
    expect(completionLacksDeclaration({ goods_type: 'license_year', entity_name: company, entity_extra: null }, '2')).toBe(true);
    expect(completionLacksDeclaration({ goods_type: 'license_year', entity_name: company, entity_extra: {} }, '2')).toBe(true);
    expect(completionLacksDeclaration({ goods_type: 'license_year', entity_name: company, entity_extra: { sale_amount: '1' } }, '2')).toBe(true);
  });
  it('does not when they are filed, for other moves, or for other services', () => {
    expect(completionLacksDeclaration({ goods_type: 'license_year', entity_name: company, entity_extra: filed }, '2')).toBe(false);
    expect(completionLacksDeclaration({ goods_type: 'license_year', entity_name: company, entity_extra: null }, '4')).toBe(false);
    expect(completionLacksDeclaration({ goods_type: 'credit_repair', entity_name: company, entity_extra: null }, '2')).toBe(false);
  });
});

describe('isRepeatedMove', () => {
  const repeated = { current: '4', to: '4', lastMove: { to: '4', staffId: 5 }, actorId: 5 };
  it('is a move to where the order is, whose last move there was the same person', () => {
    expect(isRepeatedMove(repeated)).toBe(true);
  });
  it('is not when the order is elsewhere, or someone else (or nobody) moved it there', () => {
    expect(isRepeatedMove({ ...repeated, current: '1' })).toBe(false);
    expect(isRepeatedMove({ ...repeated, actorId: 6 })).toBe(false);
    expect(isRepeatedMove({ ...repeated, lastMove: { to: '4', staffId: null } })).toBe(false);
    expect(isRepeatedMove({ ...repeated, lastMove: { to: '3', staffId: 5 } })).toBe(false);
    expect(isRepeatedMove({ ...repeated, lastMove: undefined })).toBe(false);
  });
});

describe('CLIENT_KEY_PATTERN', () => {
  it('takes a UUID and refuses what is not a plain key', () => {
    expect(CLIENT_KEY_PATTERN.test('3b241101-e2bb-4255-8caf-4136c566a962')).toBe(true);
    expect(CLIENT_KEY_PATTERN.test('short')).toBe(false);
    expect(CLIENT_KEY_PATTERN.test('a'.repeat(65))).toBe(false);
    expect(CLIENT_KEY_PATTERN.test("x' OR 1=1 --")).toBe(false);
  });
});

describe("a customer's document (待客户补充)", () => {
  const bytes = (text: string) => new Uint8Array([...text].map((char) => char.charCodeAt(0)));
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

  it('is a PNG, a JPEG or a PDF by its bytes', () => {
    expect(customerDocumentTypeOf(PNG)).toBe('image/png');
    expect(customerDocumentTypeOf(bytes('%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction [3 0 R /Fit] >> endobj\n%%EOF'))).toBe('application/pdf');
    expect(customerDocumentTypeOf(bytes('GIF89a'))).toBeUndefined();
  });

  it('is never a PDF that runs a script, launches a program or carries a file, nor one with markup', () => {
    expect(customerDocumentTypeOf(bytes('%PDF-1.4\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>'))).toBeUndefined();
    expect(customerDocumentTypeOf(bytes('%PDF-1.4\n<< /S /Launch /F (cmd.exe) >>'))).toBeUndefined();
    expect(customerDocumentTypeOf(bytes('%PDF-1.4\n<< /Type /EmbeddedFile >>'))).toBeUndefined();
    expect(customerDocumentTypeOf(bytes('%PDF-1.4\n<html><script>alert(1)</script>'))).toBeUndefined();
  });

  it('is refused empty, too large or of another type, with the rules of its kind', () => {
    const rules = { maxBytes: 16, typeOf: customerDocumentTypeOf };
    expect(uploadCheck(new Uint8Array(0), rules)).toEqual({ ok: false, refusal: 'MISSING' });
    expect(uploadCheck(new Uint8Array(17), rules)).toEqual({ ok: false, refusal: 'TOO_LARGE' });
    expect(uploadCheck(bytes('GIF89a'), rules)).toEqual({ ok: false, refusal: 'TYPE_INVALID' });
    expect(uploadCheck(PNG, rules)).toEqual({ ok: true, type: 'image/png' });
    // A screenshot is never a PDF.
    expect(uploadCheck(bytes('%PDF-1.7\n%%EOF'), { maxBytes: 100, typeOf: screenshotTypeOf })).toEqual({ ok: false, refusal: 'TYPE_INVALID' });
  });
});
