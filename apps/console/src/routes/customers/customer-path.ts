/** The customer view's address for a phone or a company's credit code (decision 043). */
export function customerPath(key: { phone: string } | { credit_code: string }): string {
  return `/customers?${new URLSearchParams(key).toString()}`;
}
