/**
 * Screen readers in Chinese where antd leaves English. antd's zh_CN locale (main.tsx) covers
 * pagination, pickers, modals and empty states, but a few labels are written into its components
 * without a locale entry: the table's select-all and row checkboxes ("Select all", "Select row 3"),
 * the tab's focus announcement ("Tab 1 of 6"), InputNumber's step buttons ("Increase Value") and the
 * tab remove button ("remove"). No prop reaches them all, so the console rewrites them where they
 * appear: once at start and on every change of the page.
 */
const REWRITES: ReadonlyArray<[RegExp, (match: RegExpMatchArray) => string]> = [
  [/^Select all$/, () => '全选本页'],
  [/^Select all data$/, () => '全选所有数据'],
  [/^Custom selection$/, () => '选择方式'],
  [/^Select row (\d+)$/, (m) => `选择第 ${m[1]} 行`],
  [/^Row (\d+) selected$/, (m) => `已选择第 ${m[1]} 行`],
  [/^Increase Value$/, () => '增加'],
  [/^Decrease Value$/, () => '减少'],
  [/^Tab (\d+) of (\d+)$/, (m) => `第 ${m[1]} 个标签，共 ${m[2]} 个`],
  [/^remove$/i, () => '删除'],
  [/^Add tab$/, () => '添加标签'],
  [/^search$/, () => '搜索'],
  [/^close$/i, () => '关闭'],
  [/^OTP Input (\d+)$/, (m) => `第 ${m[1]} 位`],
];

const ATTRIBUTES = ['aria-label', 'title'] as const;

/** The Chinese for one of antd's English labels; undefined when the text is not one of them. */
export function chineseAriaText(text: string): string | undefined {
  for (const [pattern, to] of REWRITES) {
    const match = text.match(pattern);
    if (match) return to(match);
  }
  return undefined;
}

/** antd's icons by their English names, for an icon that is a control's only name. */
const ICON_NAMES: Readonly<Record<string, string>> = {
  reload: '刷新',
  filter: '筛选',
  'column-height': '行高',
  setting: '设置',
  search: '搜索',
  'close-circle': '清除',
  close: '关闭',
  left: '上一页',
  right: '下一页',
  // The pager's 向前/向后 5 页 link: its arrow (shown on hover) names it, the ••• beside it is decoration.
  'double-left': '向前 5 页',
  'double-right': '向后 5 页',
  down: '展开',
  up: '收起',
  ellipsis: '更多',
  more: '更多',
  delete: '删除',
  edit: '编辑',
  plus: '添加',
  download: '下载',
  copy: '复制',
  eye: '查看',
};

/**
 * antd's icons label themselves with their English name ("dashboard", "file-search", "reload").
 * Beside a name (a menu item's words, a button's label or own title) or outside any
 * control (a select's arrow) the icon is decoration and is hidden from screen readers; as a
 * control's only name it is named in Chinese.
 */
function hideDecorativeIcon(element: Element): void {
  if (!element.classList.contains('anticon')) return;
  const english = element.getAttribute('aria-label');
  if (!english || !/^[a-z]+(-[a-z]+)*$/.test(english)) return;
  if (element.closest('.ant-pagination-item-ellipsis')) {
    element.removeAttribute('aria-label');
    element.setAttribute('aria-hidden', 'true');
    return;
  }
  const control = element.closest('button, a, [role="button"], [role="menuitem"], [role="tab"], [role="switch"], [role="checkbox"]');
  const named =
    !control ||
    (control.getAttribute('aria-label') ?? '') !== '' ||
    (control.getAttribute('aria-labelledby') ?? '') !== '' ||
    // The control's own title only: a pager's 上一页 sits on its <li>, which names no button (axe's button-name).
    (control.getAttribute('title') ?? '') !== '' ||
    (control.textContent ?? '').trim() !== '';
  if (named) {
    element.removeAttribute('aria-label');
    element.setAttribute('aria-hidden', 'true');
  } else if (ICON_NAMES[english]) {
    element.setAttribute('aria-label', ICON_NAMES[english]);
  }
}

function rewriteElement(element: Element): void {
  hideDecorativeIcon(element);
  for (const name of ATTRIBUTES) {
    const value = element.getAttribute(name);
    const chinese = value ? chineseAriaText(value) : undefined;
    if (chinese) element.setAttribute(name, chinese);
  }
}

/** The announcement "Tab 1 of 6" is a text node in a hidden live region. */
function rewriteText(node: Node): void {
  const chinese = node.nodeValue ? chineseAriaText(node.nodeValue) : undefined;
  if (chinese) node.nodeValue = chinese;
}

function rewriteTree(root: Node): void {
  if (root.nodeType === 3) {
    rewriteText(root);
    return;
  }
  if (!(root instanceof Element)) return;
  rewriteElement(root);
  for (const element of root.querySelectorAll('[aria-label],[title]')) rewriteElement(element);
  const live = root.matches('[aria-live]') ? [root, ...root.querySelectorAll('[aria-live]')] : [...root.querySelectorAll('[aria-live]')];
  for (const region of live) for (const child of region.childNodes) rewriteText(child);
}

/** Starts rewriting under `root`; returns the stop function (tests). */
export function installChineseAria(root: HTMLElement): () => void {
  rewriteTree(root);
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'attributes') rewriteElement(mutation.target as Element);
      else if (mutation.type === 'characterData') rewriteText(mutation.target);
      else for (const node of mutation.addedNodes) rewriteTree(node);
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: [...ATTRIBUTES] });
  return () => observer.disconnect();
}
