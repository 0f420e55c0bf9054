import type { AnnualReportCheck } from '@kuaibao/domain';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePublishedAnnualReport } from './annual-report-precheck.ts';

const get = vi.fn<(path: string, query: Record<string, unknown>, options: Record<string, unknown>) => Promise<AnnualReportCheck>>();
vi.mock('../api/index.ts', () => ({ api: () => ({ get }) }));

afterEach(() => {
  cleanup();
  get.mockReset();
});

const NOW = new Date('2026-11-24T04:00:00Z');
const CODE = '91150600MAY593XU66';

describe('usePublishedAnnualReport', () => {
  it('gives the published report, quietly asked, and keeps it across renders', async () => {
    const answer: AnnualReportCheck = { published: true, year: 2025, publishDate: '2026-03-15' };
    get.mockResolvedValue(answer);
    const { result, rerender } = renderHook(() => usePublishedAnnualReport(CODE, 'license_year', NOW));
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toEqual(answer));
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    expect(get).toHaveBeenCalledTimes(1);
    const [path, query, options] = get.mock.calls[0]!;
    expect(path).toBe('/api/h5/company/annual-report-check');
    expect(query).toEqual({ credit_code: CODE });
    // No loading overlay, no error toast: the check never gets in the way.
    expect(options).toMatchObject({ loading: false, toast: false });
  });

  it('says nothing when not published, when there is nothing to say, or when the call fails', async () => {
    const outcomes: Array<() => Promise<AnnualReportCheck>> = [async () => ({ published: false, year: 2025 }), async () => null, async () => Promise.reject(new Error('down'))];
    for (const outcome of outcomes) {
      let settled = false;
      get.mockReset().mockImplementation(() => outcome().finally(() => void (settled = true)));
      const { result, unmount } = renderHook(() => usePublishedAnnualReport(CODE, 'license_year', NOW));
      await waitFor(() => expect(settled).toBe(true));
      // Let the hook take the answer in before looking.
      await act(async () => undefined);
      expect(get).toHaveBeenCalledTimes(1);
      expect(result.current).toBeNull();
      unmount();
    }
  });

  it('does not ask for other services or without a company', () => {
    renderHook(() => usePublishedAnnualReport(CODE, 'license_destory', NOW));
    renderHook(() => usePublishedAnnualReport(CODE, 'credit_repair', NOW));
    renderHook(() => usePublishedAnnualReport(undefined, 'license_year', NOW));
    expect(get).not.toHaveBeenCalled();
  });
});
