import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConsoleBulkTakeSchema,
  ConsoleCustomerQuerySchema,
  ConsoleDashboardTrendsQuerySchema,
  ConsoleOrderNoteSchema,
  consolePageSchema,
} from './console.ts';

describe('bulk order ids', () => {
  it('takes 1 to 200 distinct positive ids', () => {
    expect(ConsoleBulkTakeSchema.parse({ ids: [3, 1, 2] })).toEqual({ ids: [3, 1, 2] });
    expect(ConsoleBulkTakeSchema.safeParse({ ids: Array.from({ length: 200 }, (_, index) => index + 1) }).success).toBe(true);
    expect(ConsoleBulkTakeSchema.safeParse({ ids: Array.from({ length: 201 }, (_, index) => index + 1) }).success).toBe(false);
    expect(ConsoleBulkTakeSchema.safeParse({ ids: [] }).success).toBe(false);
    expect(ConsoleBulkTakeSchema.safeParse({ ids: [0] }).success).toBe(false);
  });

  it('refuses an id given twice', () => {
    const twice = ConsoleBulkTakeSchema.safeParse({ ids: [7, 8, 7] });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual(['duplicate ids']);
  });
});

describe('ConsoleDashboardTrendsQuerySchema', () => {
  it('reads 30 or 90 days as a number, 30 when absent', () => {
    expect(ConsoleDashboardTrendsQuerySchema.parse({})).toEqual({ days: 30 });
    expect(ConsoleDashboardTrendsQuerySchema.parse({ days: '90' })).toEqual({ days: 90 });
    expect(ConsoleDashboardTrendsQuerySchema.safeParse({ days: '60' }).success).toBe(false);
  });
});

describe('ConsoleCustomerQuerySchema', () => {
  it('takes a phone or a credit code, the code trimmed and upper-cased', () => {
    expect(ConsoleCustomerQuerySchema.parse({ phone: ' 13812345678' })).toEqual({ phone: '13812345678' });
    expect(ConsoleCustomerQuerySchema.parse({ credit_code: ' 91110105ma01abcd2x ' })).toEqual({ credit_code: '91110105MA01ABCD2X' });
  });

  it('refuses both at once, neither, and a malformed phone', () => {
    const both = ConsoleCustomerQuerySchema.safeParse({ phone: '13812345678', credit_code: '91110105MA01ABCD2X' });
    expect(both.error?.issues.map((issue) => issue.message)).toEqual(['phone or credit_code, not both']);
    expect(ConsoleCustomerQuerySchema.safeParse({}).success).toBe(false);
    expect(ConsoleCustomerQuerySchema.safeParse({ phone: '23812345678' }).success).toBe(false);
  });
});

describe('console text fields', () => {
  it('are trimmed before their limits: blank is empty, 1000 characters fit, 1001 do not', () => {
    expect(ConsoleOrderNoteSchema.parse({ content: '  已电话联系 ' })).toEqual({ content: '已电话联系' });
    expect(ConsoleOrderNoteSchema.safeParse({ content: '   ' }).success).toBe(false);
    expect(ConsoleOrderNoteSchema.safeParse({ content: ` ${'记'.repeat(1000)} ` }).success).toBe(true);
    expect(ConsoleOrderNoteSchema.safeParse({ content: '记'.repeat(1001) }).success).toBe(false);
  });
});

describe('consolePageSchema', () => {
  it('checks each item against the item schema and the paging fields as integers', () => {
    const page = consolePageSchema(z.object({ id: z.number() }));
    expect(page.parse({ items: [{ id: 1 }], total: 1, page: 1, page_size: 20 })).toEqual({ items: [{ id: 1 }], total: 1, page: 1, page_size: 20 });
    expect(page.safeParse({ items: [{ id: '1' }], total: 1, page: 1, page_size: 20 }).success).toBe(false);
    expect(page.safeParse({ items: [], total: 1.5, page: 1, page_size: 20 }).success).toBe(false);
  });
});
