import { useQuery } from '@tanstack/react-query';
import type { ConsoleCustomerView } from '@kuaibao/domain';
import { api } from '../../lib/client.ts';

/** One customer's orders, complaints and SMS (decision 043); nothing while no key is given. */
export function useCustomer(key: { phone?: string | undefined; credit_code?: string | undefined }) {
  const query = key.phone ? { phone: key.phone } : key.credit_code ? { credit_code: key.credit_code } : undefined;
  return useQuery({ queryKey: ['customers', query], queryFn: () => api.get<ConsoleCustomerView>('/customers', query), enabled: query !== undefined });
}
