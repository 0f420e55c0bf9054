/** The agreement as the pages show it: its version and effective date above the text (docs/decisions/034-versioned-agreements.md). */
export function agreementDisplayText(agreement: { text: string; version: string; effectiveDate: string } | null | undefined): string {
  if (!agreement || !agreement.text.trim()) return '';
  const header = agreement.version ? `版本：${agreement.version}${agreement.effectiveDate ? `　生效日期：${agreement.effectiveDate}` : ''}\n\n` : '';
  return `${header}${agreement.text}`;
}
