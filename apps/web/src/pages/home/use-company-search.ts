import { type CompanySearchItem, errorMessage, isValidCreditCode, normalizeKeyword } from '@kuaibao/domain';
import { useCallback, useRef, useState } from 'react';
import { searchCompanies } from '../../api/endpoints.ts';
import { track } from '../../api/index.ts';
import { toast } from '../../ui/toast.tsx';

export interface CompanySearch {
  results: CompanySearchItem[];
  open: boolean;
  /** The normalised keyword of the last search, for the empty-result text. */
  searched: string;
  setOpen: (open: boolean) => void;
  /** Runs the search for the raw input (docs/product/validation.md): normalised, refused when empty. */
  run: (raw: string) => Promise<void>;
}

/**
 * Suggestions for the company-name input. Items without a credit code, or whose code fails the
 * GB 32100 check, are dropped (docs/product/validation.md, docs/product/validation.md#readings-we-chose). A newer search wins over a slower older one.
 */
export function useCompanySearch(): CompanySearch {
  const [results, setResults] = useState<CompanySearchItem[]>([]);
  const [open, setOpen] = useState(false);
  const [searched, setSearched] = useState('');
  const latest = useRef(0);

  const run = useCallback(async (raw: string) => {
    const keyword = normalizeKeyword(raw);
    if (!keyword) {
      toast.warn(errorMessage('KEYWORD_EMPTY'));
      return;
    }
    const ticket = ++latest.current;
    track('company.get', keyword, 'click');
    try {
      const items = await searchCompanies(keyword);
      if (ticket !== latest.current) return;
      setResults((items ?? []).filter((item) => item.credit_code && isValidCreditCode(item.credit_code)));
      setSearched(keyword);
      setOpen(true);
    } catch {
      // the client already showed the error toast
    }
  }, []);

  return { results, open, searched, setOpen, run };
}
