import dayjs from 'dayjs';
import zhCn from 'dayjs/locale/zh-cn';

// The date pickers' weekday and month names in Chinese and weeks from Monday (antd's own texts
// come from the zh_CN locale in main.tsx). Imported by every module that shows a date picker.
dayjs.locale(zhCn);

export { dayjs };
export type { Dayjs } from 'dayjs';
