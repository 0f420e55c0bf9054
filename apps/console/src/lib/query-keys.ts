/** TanStack Query keys, one factory per resource: all / lists / list(query) / detail(id). */
export const queryKeys = {
  session: ['session'] as const,
  orders: {
    all: ['orders'] as const,
    list: (query: object) => ['orders', 'list', query] as const,
    detail: (id: number) => ['orders', 'detail', id] as const,
    counts: ['orders', 'counts'] as const,
  },
  handlers: ['staff', 'handlers'] as const,
  refunds: { all: ['refunds'] as const, list: (query: object) => ['refunds', 'list', query] as const },
  feedback: { all: ['feedback'] as const, list: (query: object) => ['feedback', 'list', query] as const },
  sms: { list: (query: object) => ['sms', 'list', query] as const },
  goods: ['goods'] as const,
  siteConfig: ['site-config'] as const,
  agreements: ['agreements'] as const,
  setupChecklist: ['setup-checklist'] as const,
  deletionRequests: (query: object) => ['deletion-requests', query] as const,
  dashboard: (days: number) => ['dashboard', days] as const,
  dashboardTrends: (days: number) => ['dashboard', 'trends', days] as const,
  staff: ['staff'] as const,
  audit: (query: object) => ['audit', query] as const,
  directorySource: ['directory-source'] as const,
};
