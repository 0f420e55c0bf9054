import { ConfigProvider, InputNumber, Table, Tabs } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it } from 'vitest';
import { mountPerTest } from '../test/mount.ts';
import { chineseAriaText, installChineseAria } from './chinese-aria.ts';

/** Screen readers heard "Select all", "Tab 1 of 6" and "Increase Value" on the console's pages despite zh_CN. */

const { mount } = mountPerTest();
let stop: (() => void) | undefined;
afterEach(() => stop?.());

/** Every label a screen reader could read: aria-label and title attributes, and the tabs' live announcement. */
function spokenLabels(): string[] {
  const labels = [...document.querySelectorAll('[aria-label],[title]')].flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')]).filter((v): v is string => !!v);
  const live = [...document.querySelectorAll('[aria-live]')].map((el) => el.textContent ?? '').filter(Boolean);
  return [...labels, ...live];
}

const ENGLISH = /^(Select all|Select row \d+|Row \d+ selected|Increase Value|Decrease Value|Tab \d+ of \d+|remove|close|Custom selection)$/i;

describe('Chinese labels where antd writes English', () => {
  it('rewrites the table, tab and number-input labels under the root, also those added later', { timeout: 60_000 }, async () => {
    stop = installChineseAria(document.body);
    mount(
      <ConfigProvider locale={zhCN}>
        <Tabs items={[1, 2, 3].map((n) => ({ key: String(n), label: `标签${n}` }))} />
        <InputNumber aria-label="数量" defaultValue={1} />
        <Table rowKey="id" rowSelection={{}} dataSource={Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `第${i + 1}家` }))} columns={[{ title: '名称', dataIndex: 'name' }]} pagination={{ pageSize: 1 }} />
      </ConfigProvider>,
    );
    // The tab's announcement appears only when a tab has focus.
    (document.querySelector('[role="tab"]') as HTMLElement).focus();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const labels = spokenLabels();
    expect(labels).toEqual(expect.arrayContaining(['全选本页', '选择第 1 行', '增加', '减少']));
    expect(labels.filter((label) => ENGLISH.test(label))).toEqual([]);
    // The pager's buttons have no words of their own (their 上一页 title is on the <li>): the icon names them.
    expect(document.querySelector('.ant-pagination-prev button .anticon')?.getAttribute('aria-label')).toBe('上一页');
    expect(document.querySelector('.ant-pagination-next button .anticon')?.getAttribute('aria-label')).toBe('下一页');
    // Twelve pages bring the 向后 5 页 link, whose only content is two icons (an audit log a season long has it).
    expect(document.querySelector('.ant-pagination-jump-next .ant-pagination-item-link-icon')?.getAttribute('aria-label')).toBe('向后 5 页');
    expect(document.querySelector('.ant-pagination-jump-next .ant-pagination-item-ellipsis .anticon')?.getAttribute('aria-hidden')).toBe('true');
    expect([...document.querySelectorAll('.anticon[aria-label]:not([aria-hidden="true"])')].map((icon) => icon.getAttribute('aria-label')).filter((name) => /^[a-z]+(-[a-z]+)*$/.test(name ?? ''))).toEqual([]);
  });

  it('maps each known English label to Chinese and leaves others alone', () => {
    expect(chineseAriaText('Tab 2 of 6')).toBe('第 2 个标签，共 6 个');
    expect(chineseAriaText('Row 3 selected')).toBe('已选择第 3 行');
    expect(chineseAriaText('订单号')).toBeUndefined();
    expect(chineseAriaText('KB2026')).toBeUndefined();
  });
});
