import { ColumnHeightOutlined, ReloadOutlined, SettingOutlined, StarOutlined } from '@ant-design/icons';
import { Button, Checkbox, DatePicker, Input, Modal, Popover, Select, Space, Tooltip } from 'antd';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { dayRangePresets, type ConsoleSavedFilter, type SavedFilterList } from '@kuaibao/domain';
import { useDeleteFilter, useSavedFilters, useSaveFilter } from '../hooks/api/saved-filters.ts';
import { useSession } from '../hooks/api/session.ts';
import { api, ApiError } from '../lib/client.ts';
import { dayjs, type Dayjs } from '../lib/dayjs-zh.ts';

/**
 * What the console's lists share, the way Ant Design Pro's ProTable does it: state in the
 * address (a filtered list can be bookmarked and shared), date ranges, refresh, density, column
 * settings and saved filters. Keyboard first: plain buttons, date inputs that Tab and Escape leave
 * (the range picker once trapped Tab; decision 063 checks it does not).
 */

type Changes = Record<string, string | undefined>;

/** The list's query string: read a key, change some (any change but paging starts at page 1). */
export function useListParams(): { get: (key: string) => string | undefined; update: (changes: Changes) => void; search: string; replace: (search: string) => void } {
  const [params, setParams] = useSearchParams();
  return {
    get: (key) => params.get(key) ?? undefined,
    // From the address as it is now, not as this render saw it (the router's updater gets the render's):
    // two quick changes, such as both ends of a range, both hold.
    update: (changes) =>
      setParams(() => {
        const next = new URLSearchParams(window.location.search);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      }),
    search: params.toString(),
    replace: (search) => setParams(new URLSearchParams(search)),
  };
}

/** antd's sort order from the URL's `sort` value (`<column>_asc` / `<column>_desc`). */
export function sortOrderOf(sort: string | undefined, column: string): 'ascend' | 'descend' | null {
  if (sort === `${column}_asc`) return 'ascend';
  if (sort === `${column}_desc`) return 'descend';
  return null;
}

/** The URL's `sort` value after a click on a sortable header (undefined: the list's default order). */
export function sortValueOf(sorter: unknown): string | undefined {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const { columnKey, field, order } = (one ?? {}) as { columnKey?: unknown; field?: unknown; order?: 'ascend' | 'descend' | null };
  const column = typeof columnKey === 'string' ? columnKey : typeof field === 'string' ? field : undefined;
  if (!column || !order) return undefined;
  return `${column}_${order === 'ascend' ? 'asc' : 'desc'}`;
}

/** The presets as the picker takes them: Shanghai days (packages/domain/src/day-range-presets.ts). */
function pickerPresets(now: Date) {
  return dayRangePresets(now).map((preset) => ({ label: preset.label, value: [dayjs(preset.from), dayjs(preset.to)] as [Dayjs, Dayjs] }));
}

/**
 * A day range for a list's `from` / `to` (YYYY-MM-DD, Shanghai days, both ends included): antd's
 * RangePicker in Chinese with 今天 / 昨天 / 本周 / 本月 / 上月 / 近30天, the same size on every page
 * (decision 063). Either end may stay open. Each input has its own label (开始… / 结束…); Tab moves
 * from one to the other and on, Escape closes the calendar.
 */
export function DateRangeFilter(props: { from: string | undefined; to: string | undefined; onChange: (range: { from: string | undefined; to: string | undefined }) => void; label?: string }) {
  const name = props.label ?? '日期';
  const id = useId();
  const value: [Dayjs | null, Dayjs | null] = [props.from ? dayjs(props.from) : null, props.to ? dayjs(props.to) : null];
  // 今天 is today when the calendar opens, not when the page was loaded (a list stays open overnight).
  const [presets, setPresets] = useState(() => pickerPresets(new Date()));
  return (
    <span role="group" aria-label={`${name}范围`} data-testid="date-range">
      <label htmlFor={`${id}-from`} className="visually-hidden">
        开始{name}
      </label>
      <label htmlFor={`${id}-to`} className="visually-hidden">
        结束{name}
      </label>
      <DatePicker.RangePicker
        id={{ start: `${id}-from`, end: `${id}-to` }}
        className="date-range-picker"
        placeholder={[`开始${name}`, `结束${name}`]}
        allowEmpty={[true, true]}
        value={value}
        presets={presets}
        onOpenChange={(open) => {
          if (open) setPresets(pickerPresets(new Date()));
        }}
        onChange={(dates) => props.onChange({ from: dates?.[0]?.format('YYYY-MM-DD'), to: dates?.[1]?.format('YYYY-MM-DD') })}
      />
    </span>
  );
}

export type Density = 'large' | 'middle' | 'small';
const DENSITY_NAMES: Record<Density, string> = { large: '宽松', middle: '默认', small: '紧凑' };

interface ListPrefs {
  density: Density;
  hidden: string[];
}

/**
 * Density and hidden columns: per staff member and list, in this browser (decision 038). Saved
 * filters are on the server (decision 045); this key held them before and is emptied of them once.
 */
function prefsKey(staffId: number | undefined, list: string) {
  return `kb-console:list:${staffId ?? 0}:${list}`;
}

function readPrefs(key: string, hiddenByDefault: string[]): ListPrefs {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<ListPrefs> | null;
    return { density: stored?.density ?? 'middle', hidden: Array.isArray(stored?.hidden) ? stored.hidden : hiddenByDefault };
  } catch {
    return { density: 'middle', hidden: hiddenByDefault };
  }
}

/** The list's remembered density and hidden columns (`hiddenByDefault`: columns off until chosen). */
export function useListPrefs(list: string, hiddenByDefault: string[] = []): [ListPrefs, (change: Partial<ListPrefs>) => void] {
  const staffId = useSession().data?.id;
  const key = prefsKey(staffId, list);
  const [prefs, setPrefs] = useState<ListPrefs>(() => readPrefs(key, hiddenByDefault));
  const change = (next: Partial<ListPrefs>) => {
    setPrefs((current) => {
      const merged = { ...current, ...next };
      try {
        // Keeps what else the key holds (saved filters not yet moved to the server).
        const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null;
        localStorage.setItem(key, JSON.stringify({ ...stored, ...merged }));
      } catch {
        // A full or blocked storage: the choice holds for this page only.
      }
      return merged;
    });
  };
  return [prefs, change];
}

/** The paging and sorting keys are not part of a saved filter. */
const filterSearch = (search: string) => {
  const params = new URLSearchParams(search);
  params.delete('page');
  return params.toString();
};

/**
 * Saved filters kept in this browser before decision 045 move to the server once, then leave
 * localStorage. A name already on the server wins (it is the newer); a filter the server refuses
 * (too long, over the limit) is dropped; on a network failure the browser keeps them for next time.
 */
function useMoveBrowserFilters(list: SavedFilterList, onServer: ConsoleSavedFilter[] | undefined, moved: () => unknown) {
  const staffId = useSession().data?.id;
  const started = useRef(false);
  useEffect(() => {
    if (staffId === undefined || onServer === undefined || started.current) return;
    const key = prefsKey(staffId, list);
    let stored: Record<string, unknown> | null;
    try {
      stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null;
    } catch {
      return;
    }
    if (!stored || !('saved' in stored)) return;
    started.current = true;
    const { saved, ...rest } = stored;
    const names = new Set(onServer.map((f) => f.name));
    const toMove = (Array.isArray(saved) ? (saved as Array<{ name?: unknown; search?: unknown }>) : []).filter(
      (s): s is { name: string; search: string } => typeof s.name === 'string' && typeof s.search === 'string' && !names.has(s.name.trim()),
    );
    void (async () => {
      for (const filter of toMove) {
        try {
          await api.post('/saved-filters', { list, name: filter.name, search: filter.search });
        } catch (error) {
          if (!(error instanceof ApiError) || error.status === 0 || error.code === -1) return;
        }
      }
      localStorage.setItem(key, JSON.stringify(rest));
      if (toMove.length > 0) void moved();
    })();
  }, [staffId, list, onServer, moved]);
}

/** Refresh, density, column settings and saved filters (the staff member's own, on the server), above a list. */
export function ListToolbar(props: {
  list: SavedFilterList;
  columns: Array<{ key: string; title: string }>;
  prefs: ListPrefs;
  setPrefs: (change: Partial<ListPrefs>) => void;
  onRefresh: () => void;
  refreshing: boolean;
  extra?: ReactNode;
}) {
  const params = useListParams();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const filters = useSavedFilters(props.list);
  const saveFilter = useSaveFilter(props.list);
  const deleteFilter = useDeleteFilter(props.list);
  useMoveBrowserFilters(props.list, filters.data, filters.refetch);
  const saved = filters.data ?? [];
  const current = filterSearch(params.search);
  const selected = saved.find((s) => s.search === current);

  const save = () => {
    const trimmed = name.trim();
    if (!trimmed || saveFilter.isPending) return;
    // A failure is reported by the mutation cache; the dialog stays open with the name.
    saveFilter.mutate(
      { name: trimmed, search: current },
      {
        onSuccess: () => {
          setNaming(false);
          setName('');
        },
      },
    );
  };

  const columnSettings = (
    <Checkbox.Group
      aria-label="显示的列"
      className="column-settings"
      value={props.columns.map((c) => c.key).filter((key) => !props.prefs.hidden.includes(key))}
      options={props.columns.map((c) => ({ value: c.key, label: c.title }))}
      onChange={(shown) => props.setPrefs({ hidden: props.columns.map((c) => c.key).filter((key) => !shown.includes(key)) })}
    />
  );

  return (
    <div className="list-toolbar" role="toolbar" aria-label="列表工具">
      <Space wrap>
        <Select
          aria-label="已保存的筛选"
          placeholder="已保存的筛选"
          style={{ width: 170 }}
          allowClear
          value={selected?.name}
          loading={filters.isLoading}
          options={saved.map((s) => ({ value: s.name, label: s.name }))}
          onChange={(value?: string) => {
            const found = saved.find((s) => s.name === value);
            params.replace(found ? found.search : '');
          }}
          data-testid="saved-filters"
          notFoundContent="还没有保存的筛选"
        />
        <Button icon={<StarOutlined />} onClick={() => setNaming(true)} data-testid="save-filter">
          保存筛选
        </Button>
        {selected ? (
          <Button onClick={() => deleteFilter.mutate(selected.id)} loading={deleteFilter.isPending} data-testid="delete-filter">
            删除“{selected.name}”
          </Button>
        ) : null}
      </Space>
      <Space wrap>
        {props.extra}
        <Tooltip title="刷新">
          <Button aria-label="刷新" icon={<ReloadOutlined spin={props.refreshing} />} onClick={props.onRefresh} data-testid="list-refresh" />
        </Tooltip>
        <Select<Density>
          aria-label="行密度"
          style={{ width: 96 }}
          value={props.prefs.density}
          suffixIcon={<ColumnHeightOutlined />}
          options={(Object.keys(DENSITY_NAMES) as Density[]).map((value) => ({ value, label: DENSITY_NAMES[value] }))}
          onChange={(density) => props.setPrefs({ density })}
          data-testid="list-density"
        />
        <Popover content={columnSettings} title="显示的列" trigger="click">
          <Button icon={<SettingOutlined />} data-testid="column-settings">
            列设置
          </Button>
        </Popover>
      </Space>
      <Modal open={naming} title="保存当前筛选" okText="保存" cancelText="取消" onOk={save} onCancel={() => setNaming(false)} okButtonProps={{ disabled: name.trim() === '', loading: saveFilter.isPending, 'data-testid': 'save-filter-ok' }} destroyOnHidden>
        <label htmlFor="saved-filter-name" className="muted">
          名称（仅自己可见，换一台电脑登录也在）
        </label>
        <Input id="saved-filter-name" maxLength={30} value={name} onChange={(e) => setName(e.target.value)} onPressEnter={save} data-testid="save-filter-name" />
      </Modal>
    </div>
  );
}

/** The columns a staff member chose to see. */
export function visibleColumns<T extends { key?: unknown }>(columns: T[], hidden: string[]): T[] {
  return columns.filter((column) => typeof column.key !== 'string' || !hidden.includes(column.key));
}
