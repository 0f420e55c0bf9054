import { FILING_WINDOW_BANNER, homeMarqueeText, homeSampleLines, type GoodsType, type JulyCountdown } from '@kuaibao/domain';
import { CountdownBanner } from '../../ui/countdown-banner.tsx';
import { Danmaku } from '../../ui/danmaku.tsx';
import { Marquee } from '../../ui/marquee.tsx';

/*
 * The home's notices in the chosen service's words (docs/product/texts.md#texts-per-service), read
 * here in the extras chunk so the home route does not carry them (decision 011).
 */

/** Phones: the filing window before any company is chosen; never says the company is late. */
export function FilingWindowBanner({ countdown }: { countdown: JulyCountdown }) {
  const words = FILING_WINDOW_BANNER;
  return <CountdownBanner countdown={countdown} leftLabel={words.leftLabel} overdueLabel={words.closedLabel} note={words.note} overdueNote={words.closedNote} />;
}

/** The scrolling notice: the configured tips for the annual report, each other service's own free channel. */
export function ServiceMarquee({ goodsType, tips }: { goodsType: GoodsType; tips: string }) {
  return <Marquee text={homeMarqueeText(goodsType, tips)} />;
}

/** The sample lines: the configured ones for the annual report, each other service's own. */
export function ServiceDanmaku({ goodsType, lines }: { goodsType: GoodsType; lines: readonly string[] }) {
  return <Danmaku lines={homeSampleLines(goodsType, lines)} />;
}
