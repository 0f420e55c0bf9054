// The home's parts that are not its form or title (decision 028): their own chunk, hydrated apart from the
// form, so the entry chunk and the first hydration task stay small. The prerendered HTML shows them
// before this chunk arrives.
export { CountdownBanner } from '../../ui/countdown-banner.tsx';
export { Danmaku } from '../../ui/danmaku.tsx';
export { Marquee } from '../../ui/marquee.tsx';
export { Explanation } from './explanation.tsx';
export { HomeFooter } from './home-footer.tsx';
export { ReportEntry } from './report-entry.tsx';
export { FilingWindowBanner, ServiceDanmaku, ServiceMarquee } from './service-notices.tsx';
export { CompanyNotFound } from './company-not-found.tsx';
export { ReorderEntry } from './reorder-entry.tsx';
