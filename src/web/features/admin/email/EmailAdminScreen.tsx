import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { AliasesTab } from './AliasesTab';
import { ContactsTab } from './ContactsTab';

/**
 * Spec 2 §2 /admin/email: two tabs, the aliases (the default) and the contacts. Named for what
 * they hold, not by vendor (issue 35): an admin need not know which service carries them.
 */
export function EmailAdminScreen() {
  return (
    <>
      <h1 className="h3 mb-3">Email Administration</h1>
      <Tabs defaultActiveKey="aliases" id="email-admin-tabs" className="mb-3" mountOnEnter>
        <Tab eventKey="aliases" title="Aliases">
          <AliasesTab />
        </Tab>
        <Tab eventKey="contacts" title="Contacts">
          <ContactsTab />
        </Tab>
      </Tabs>
    </>
  );
}
