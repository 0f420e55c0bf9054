import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ConsoleApp } from './app.tsx';
import { installChineseAria } from './lib/chinese-aria.ts';
import { createConsoleQueryClient } from './lib/query-client.ts';
import { installScrollableTables } from './lib/scrollable-tables.ts';

/**
 * Darker primary, secondary-text and placeholder tokens than antd's defaults: white on #1677ff,
 * rgba(0,0,0,.45) and .25 text miss WCAG AA contrast, and staff read these screens all day.
 */
const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    // antd derives a lighter hover (#2e7ae6, 4.2:1 on white); hovered links and buttons stay readable.
    colorPrimaryHover: '#2468d8',
    colorLinkHover: '#2468d8',
    colorLink: '#0958d9',
    colorError: '#c41d2a',
    colorTextDescription: 'rgba(0, 0, 0, 0.66)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // Select placeholders are real text to axe: the default rgba(0,0,0,.25) reads at 1.8:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    borderRadius: 6,
    fontSize: 14,
  },
  components: {
    Layout: { siderBg: '#0b2545', headerBg: '#ffffff' },
    Menu: { darkItemBg: '#0b2545', darkSubMenuItemBg: '#081c36', darkItemColor: 'rgba(255, 255, 255, 0.82)', darkItemSelectedBg: '#0958d9' },
    Table: { headerColor: 'rgba(0, 0, 0, 0.88)' },
  },
};

const queryClient = createConsoleQueryClient();
// The labels antd writes in English whatever the locale (lib/chinese-aria.ts); modals render into body, so all of it.
installChineseAria(document.body);
// A sideways-scrolling table with nothing focusable in it gets a tab stop of its own (lib/scrollable-tables.ts).
installScrollableTables(document.body);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename="/console">
          <ConsoleApp />
        </BrowserRouter>
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);
