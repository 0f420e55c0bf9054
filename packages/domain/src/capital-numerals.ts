/**
 * Chinese financial capital numerals (大写金额) for receipts, written the way banks and the
 * PBOC rules for filling in payment documents (《正确填写票据和结算凭证的基本规定》) ask:
 * - 壹拾 keeps its 壹; a run of zeros inside the number is written as one 零;
 * - an amount ending at 元 ends with 整; one ending at 角 or 分 has no 整;
 * - 角 zero with 分 non-zero needs 零 after 元 (壹元零伍分);
 * - when the yuan part is zero and there are jiao or fen, the yuan part is left out (叁角伍分).
 * Where the rules allow 零 or no 零 (a zero at the 元 or 万 position before a non-zero 角 or
 * 千), this writes none, as most receipt printers and the nzh library do.
 */

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const IN_GROUP_UNITS = ['仟', '佰', '拾', ''] as const;

function digitChar(d: number): string {
  return DIGITS.charAt(d);
}

/** 1..9999 → 壹仟零伍 etc. Zeros inside the group collapse into one 零 before the next digit. */
function groupText(group: number): string {
  const digits = [Math.floor(group / 1000), Math.floor(group / 100) % 10, Math.floor(group / 10) % 10, group % 10];
  let text = '';
  let pendingZero = false;
  digits.forEach((d, i) => {
    if (d === 0) {
      if (text !== '') pendingZero = true;
      return;
    }
    if (pendingZero) text += '零';
    pendingZero = false;
    text += digitChar(d) + IN_GROUP_UNITS[i];
  });
  return text;
}

/**
 * Whole yuan → capital numerals without the 元. Groups of four digits take 万 and 亿; the group
 * above 亿 takes 万 and, when the 亿 group is empty, 亿 after it (壹万亿, 壹万零壹亿).
 */
function yuanText(yuan: number): string {
  if (yuan === 0) return '零';
  const groups: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10000)) groups.push(rest % 10000);
  const groupUnits = ['', '万', '亿', '万'];
  let text = '';
  let pendingZero = false;
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i]!;
    if (group === 0) {
      if (text !== '') pendingZero = true;
      if (i === 2 && text !== '') text += '亿';
      continue;
    }
    // A skipped group, or a group without its thousands digit, is read with one 零 in front.
    if (text !== '' && (pendingZero || group < 1000)) text += '零';
    pendingZero = false;
    text += groupText(group) + groupUnits[i];
  }
  return text;
}

/**
 * Integer fen → capital amount: 19900 → 壹佰玖拾玖元整, 100530 → 壹仟零伍元叁角, 35 → 叁角伍分.
 * Throws a RangeError for a negative or non-integer amount (receipts never show either).
 */
export function toCapitalAmount(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) {
    throw new RangeError(`amount in fen must be a non-negative safe integer, got ${String(fen)}`);
  }
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (jiao === 0 && cents === 0) return `${yuanText(yuan)}元整`;
  let text = yuan > 0 ? `${yuanText(yuan)}元` : '';
  if (jiao > 0) text += `${digitChar(jiao)}角`;
  else if (yuan > 0) text += '零';
  if (cents > 0) text += `${digitChar(cents)}分`;
  return text;
}
