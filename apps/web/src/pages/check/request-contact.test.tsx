import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG, seedStorage } from '../../test/harness.tsx';
import { RequestContact } from './request-contact.tsx';

/** 待客户补充 on /checkDetail said 也可通过下方方式联系专员 with nothing below it. */
describe('the contact under the request of 待客户补充', () => {
  afterEach(cleanup);

  it('shows the configured phone as a call link and 联系客服 right under the sentence', () => {
    seedStorage();
    render(<RequestContact />);
    expect(screen.getByTestId('customer-request-contact-text').textContent).toContain('也可通过下方方式联系专员');
    const block = screen.getByTestId('customer-request-contact');
    expect(screen.getByTestId('customer-request-phone').getAttribute('href')).toBe('tel:4001234567');
    expect(block.textContent).toContain('400-123-4567');
    expect(block.textContent).toContain('联系客服');
  });

  it('points nowhere when only placeholders are configured', () => {
    seedStorage({ config: { ...CONFIG, service_weixin: 'https://kf.example.com/kuaibao/weixin', service_phone: '400-000-0000' } });
    render(<RequestContact />);
    expect(screen.getByTestId('customer-request-contact-text').textContent).not.toContain('下方');
    expect(screen.queryByTestId('customer-request-contact')).toBeNull();
  });
});
