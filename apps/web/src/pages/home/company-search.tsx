import { DROPDOWN_CLOSE_MS, representativeLabel, type CompanySearchItem } from '@kuaibao/domain';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { track } from '../../api/index.ts';
import { SearchIcon } from '../../ui/icons.tsx';
import styles from './company-search.module.css';
import { HomeExtra } from './home-extras-slot.tsx';
import type { CompanySearch } from './use-company-search.ts';

export interface CompanySearchFieldProps {
  value: string;
  onType: (name: string) => void;
  onPick: (item: CompanySearchItem) => void;
  search: CompanySearch;
  /** 272 px on phones, 262 px on desktop (docs/product/screens.md). */
  maxHeight: number;
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * The business-name input with its search button and suggestion list (docs/product/screens.md): an ARIA
 * combobox; arrows and Enter pick, Esc or a click elsewhere closes; the list closes 0.5 s
 * after a pick. color_name is HTML escaped by the server with <em> around the match.
 */
export function CompanySearchField({ value, onType, onPick, search, maxHeight, inputRef }: CompanySearchFieldProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const inputId = useId();
  // Both belong to one result list: a new search starts with nothing active or picked.
  const [activeState, setActiveState] = useState<{ list: CompanySearchItem[]; index: number }>({ list: [], index: -1 });
  const [pickedState, setPickedState] = useState<{ list: CompanySearchItem[]; code: string } | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { open, results, setOpen } = search;
  const active = activeState.list === results ? activeState.index : -1;
  const picked = pickedState?.list === results ? pickedState.code : null;
  const setActive = (next: (index: number) => number) => setActiveState({ list: results, index: next(active) });

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // A list opening below the fold (a long form on a phone) is brought into view.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => {
      const list = document.getElementById(listId);
      if (list && list.getBoundingClientRect().bottom > window.innerHeight) {
        rootRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [open, listId]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open, setOpen]);

  const pick = (item: CompanySearchItem) => {
    setPickedState({ list: results, code: item.credit_code });
    // The funnel's 选择企业 step (the console's dashboard); search alone is company.get.
    track('company.pick', item.credit_code, 'click');
    onPick(item);
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && open && results.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % results.length);
    } else if (event.key === 'ArrowUp' && open && results.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = open ? results[active] : undefined;
      if (item) pick(item);
      else void search.run(value);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <div className={styles.root} ref={rootRef}>
      <label htmlFor={inputId} className={styles.label}>
        企业名称
        <span aria-hidden="true" className={styles.required}>
          *
        </span>
      </label>
      <div className={styles.row}>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="请输入营业执照上的企业名称"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && results.length > 0}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          data-testid="company-input"
          value={value}
          maxLength={100}
          onChange={(event) => onType(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className={styles.button} onClick={() => void search.run(value)} data-testid="company-search">
          <SearchIcon size={16} />
          <span>搜索</span>
        </button>
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="匹配的企业"
        className={styles.list}
        style={{ maxHeight }}
        hidden={!open || results.length === 0}
        data-testid="company-dropdown"
      >
        {results.map((item, index) => (
          <li
            key={`${item.credit_code}-${index}`}
            id={optionId(index)}
            role="option"
            aria-selected={picked === item.credit_code || index === active}
            className={`${styles.option} ${index === active || picked === item.credit_code ? styles.active : ''}`}
            data-testid="company-option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(item)}
          >
            {/* Safe: the server HTML-escapes every piece and adds only <em> (docs/product/company-search.md). */}
            <span className={styles.optionName}>
              <span dangerouslySetInnerHTML={{ __html: item.color_name || item.name }} />
              {/* 登记状态: a tag for anything but a live company, whose status_text is '' (docs/product/registration-status.md). */}
              {item.status_text && (
<span className={styles.statusTag}>{item.status_text}</span>
              )}
            </span>
            <span className={styles.optionMeta}>
              {item.oper_name ? `${representativeLabel(item.credit_code)}：${item.oper_name} · ` : ''}
              {item.credit_code}
            </span>
          </li>
        ))}
      </ul>
      {/* No match: what to do next and the contact, from the extras chunk (company-not-found.tsx). */}
      {open && results.length === 0 && <HomeExtra name="CompanyNotFound" keyword={search.searched} />}
    </div>
  );
}
