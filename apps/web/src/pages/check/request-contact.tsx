import { customerRequestContactText } from '@kuaibao/domain';
import { useServiceContact } from '../../common/service-contact.ts';
import styles from './check-page.module.css';
import { ContactAgent } from './contact-agent.tsx';

/**
 * Under the request of 待客户补充 (decision 043): the sentence, and right below it the agent's
 * contact from the site configuration (service_phone as a call link, service_weixin through
 * 联系客服). Without a usable contact the sentence promises the call and points nowhere.
 */
export function RequestContact() {
  const contact = useServiceContact();
  return (
    <>
      <p className={styles.more} data-testid="customer-request-contact-text">
        {customerRequestContactText(contact)}
      </p>
      {contact.available && (
        <div className={styles.requestContact} data-testid="customer-request-contact">
          {contact.phone && (
            <a className={styles.contactLink} href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} data-testid="customer-request-phone">
              客服电话 {contact.phone}
            </a>
          )}
          {contact.address && <ContactAgent mode="qr" source="checkDetail.request" />}
        </div>
      )}
    </>
  );
}
