import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { EMAIL_SERVICES, type EmailService } from '../../../../common/constants';
import { emailSettingsSchema, emailStatusSchema } from '../../../answerSchemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../components/forms/errorMessage';

const LABEL: Record<EmailService, string> = {
  bronto: "Bronto (each chapter's Bronto list id; the built-in lists)",
  sendInBlue: "SendInBlue / Brevo (each chapter's SendInBlue list id)",
};

/**
 * Spec 2 §5: a change of email service asks 'This can break things badly.  Are you sure?' and then
 * reloads the page, since every screen that works on a chapter's list reads the setting. The
 * choice is saved by its own Save, as every other setting is (issue 35): a click on a radio
 * button only chooses.
 */
export function EmailServiceForm({ serviceName }: { serviceName: EmailService }) {
  // Which provider serves the lists: sendInBlue without BREVO_API_KEY is the built-in one.
  const listProvider = useQuery({
    queryKey: ['email-status'],
    queryFn: () => apiGet('/api/admin/email/status', !import.meta.env?.PROD && emailStatusSchema),
  }).data?.listProvider;
  const [chosen, setChosen] = useState<EmailService>(serviceName);
  const [asking, setAsking] = useState<EmailService | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (next: EmailService) => {
    setBusy(true);
    setFailure(null);
    try {
      await apiSend(
        'POST',
        '/api/email_settings',
        { serviceName: next },
        !import.meta.env?.PROD && emailSettingsSchema,
      );
      window.location.reload();
    } catch (err) {
      setFailure(errorMessage(err, 'The email service could not be changed. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <div className="card card-body">
      <fieldset>
        <legend className="form-label fs-6">
          Which list id names a chapter&apos;s mailing list
        </legend>
        {EMAIL_SERVICES.map((name) => (
          <Form.Check
            key={name}
            type="radio"
            id={`email-service-${name}`}
            name="email-service"
            label={LABEL[name]}
            checked={name === chosen}
            disabled={busy}
            onChange={() => setChosen(name)}
          />
        ))}
      </fieldset>
      <div className="mt-3">
        <Button
          disabled={busy || chosen === serviceName}
          onClick={() => {
            setFailure(null);
            setAsking(chosen);
          }}
        >
          Save
        </Button>
      </div>
      {serviceName === 'sendInBlue' && listProvider === 'builtin' && (
        <p className="alert alert-info mt-3 mb-0" role="status">
          No Brevo API key is configured (BREVO_API_KEY), so the built-in mailing lists serve the
          SendInBlue list ids.
        </p>
      )}
      <ConfirmDialog
        show={asking !== null}
        title="Change the email service?"
        confirmLabel="Change it"
        busy={busy}
        error={failure}
        onConfirm={() => asking && void change(asking)}
        onCancel={() => {
          setAsking(null);
          setChosen(serviceName);
        }}
      >
        <p className="mb-0 text-prewrap">{'This can break things badly.  Are you sure?'}</p>
      </ConfirmDialog>
    </div>
  );
}
