/** The label map and the audit log's words live in the domain (shared with the exports). */
export { LABELS, label, type LabelGroup } from '@kuaibao/domain';
