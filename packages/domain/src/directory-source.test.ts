import { describe, expect, it } from 'vitest';
import { directoryVendorStatusText, isDirectoryVendorAnswer, summarizeVendorLedger } from './directory-source.ts';

describe('directory vendor statuses', () => {
  it('reads every status the adapter records in Chinese, and names an unknown one', () => {
    for (const status of ['200', '201', '101', '102', '107', '109', '110', '112', '116', '120', '122', '213', 'timeout', 'http', 'budget']) {
      expect(directoryVendorStatusText(status)).toMatch(/\p{Script=Han}/u);
    }
    expect(directoryVendorStatusText('999')).toBe('其他状态 999');
  });

  it('counts 200 and 201 as answers and the rest as failures', () => {
    expect(isDirectoryVendorAnswer('200')).toBe(true);
    expect(isDirectoryVendorAnswer('201')).toBe(true);
    expect(isDirectoryVendorAnswer('102')).toBe(false);
    expect(isDirectoryVendorAnswer('timeout')).toBe(false);
  });
});

describe('summarizeVendorLedger', () => {
  it('groups by day, newest first, totals every billed call and splits answers from failures', () => {
    const days = summarizeVendorLedger([
      { day: '2026-11-23', status: '200', calls: 5 },
      { day: '2026-11-24', status: '201', calls: 2 },
      { day: '2026-11-24', status: '200', calls: 7 },
      { day: '2026-11-24', status: 'timeout', calls: 1 },
      { day: '2026-11-24', status: '102', calls: 3 },
    ]);
    expect(days.map((d) => d.day)).toEqual(['2026-11-24', '2026-11-23']);
    expect(days[0]).toMatchObject({ calls: 13, answered: 9, failed: 4 });
    expect(days[0]!.by_status.map((s) => [s.status, s.calls])).toEqual([
      ['200', 7],
      ['102', 3],
      ['201', 2],
      ['timeout', 1],
    ]);
    expect(days[0]!.by_status[1]!.text).toBe('账户欠费');
    expect(days[1]).toMatchObject({ calls: 5, answered: 5, failed: 0 });
  });

  it('is empty for an empty ledger', () => {
    expect(summarizeVendorLedger([])).toEqual([]);
  });
});
