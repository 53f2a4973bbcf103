import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { AliasesTab } from './AliasesTab';
import { ContactsTab } from './ContactsTab';

/** Spec 2 §2 /admin/email: two tabs, Mailgun aliases (the default) and Brevo contacts. */
export function EmailAdminScreen() {
  return (
    <>
      <h1 className="h3 mb-3">Email Administration</h1>
      <Tabs defaultActiveKey="aliases" id="email-admin-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="aliases" title="Mailgun aliases">
          <AliasesTab />
        </Tab>
        <Tab eventKey="contacts" title="Brevo contacts">
          <ContactsTab />
        </Tab>
      </Tabs>
    </>
  );
}
