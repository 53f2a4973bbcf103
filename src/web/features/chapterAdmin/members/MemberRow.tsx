import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { formatMediumDate } from '../../../../common/format';
import { memberStatusName, type MemberStatusFilter } from '../../../../common/memberFilters';
import { MemberDetails } from './MemberDetails';

// By the status's name (memberFilters.ts), whichever word the list stores for it.
const STATUS_BADGE: Record<MemberStatusFilter, string> = {
  active: 'text-bg-success',
  blocked: 'text-bg-danger',
  bounced: 'text-bg-warning',
  unsubscribed: 'text-bg-secondary',
  unconfirmed: 'text-bg-info',
};

// Words for the statuses a host must understand at a glance; the rest show as stored.
const STATUS_LABEL: Partial<Record<MemberStatusFilter, string>> = {
  bounced: 'Bounced',
  unconfirmed: 'Unconfirmed',
};

/**
 * One member: name (where the list knows it) and address, status, Get Details (pressed again,
 * hides them), and a menu holding Delete, which asks first (MemberList's dialog): a red button on
 * every row was one slip from removing someone (issue 35).
 */
export function MemberRow({
  contact,
  listId,
  onDelete,
}: {
  contact: { id: number; email: string; name?: string | null; status: string; created: string };
  listId: string;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const status = memberStatusName(contact.status);
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto text-break">
          {contact.name && (
            <strong className="d-block" data-testid="member-name">
              {contact.name}
            </strong>
          )}
          <span data-testid="member-email">{contact.email}</span>{' '}
          <span className={`badge ${status ? STATUS_BADGE[status] : 'text-bg-light'}`}>
            {(status && STATUS_LABEL[status]) ?? contact.status}
          </span>
          <span className="small text-body-secondary ms-2">
            since {formatMediumDate(contact.created)}
          </span>
        </span>
        <Button
          size="sm"
          variant="outline-secondary"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide Details' : 'Get Details'}
        </Button>
        <Dropdown align="end">
          <Dropdown.Toggle
            id={`member-actions-${contact.id}`}
            size="sm"
            variant="outline-secondary"
            aria-label={`Actions for ${contact.email}`}
          >
            More
          </Dropdown.Toggle>
          <Dropdown.Menu>
            <Dropdown.Item as="button" className="text-danger" onClick={onDelete}>
              Delete member
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
      </div>
      {open && <MemberDetails email={contact.email} listId={listId} />}
    </li>
  );
}
