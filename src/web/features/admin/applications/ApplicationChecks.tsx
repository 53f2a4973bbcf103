import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import type { HostApplication } from '../../../../common/schemas/applications';
import { errorMessage } from '../../../components/forms/errorMessage';
import { SaveStatus } from '../../../components/forms/SaveStatus';
import type { useSaveApplication } from './useSaveApplication';

type Check = 'didHavePhoneCall' | 'didSignAgreement' | 'didGiveAdditionalInfo' | 'isArchived';

const CHECKS: { name: Check; label: string }[] = [
  { name: 'didHavePhoneCall', label: 'Had a phone call' },
  { name: 'didSignAgreement', label: 'Signed the agreement' },
  { name: 'didGiveAdditionalInfo', label: 'Gave additional information' },
];

/** The three yes/no steps and the archive flag, each saved as it is clicked (spec 2 §4). */
export function ApplicationChecks({
  application,
  save,
}: {
  application: HostApplication;
  save: ReturnType<typeof useSaveApplication>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  // A switch shows the click at once, while its save is on the way; once saved (or refused) the
  // application's own value shows again.
  const [clicked, setClicked] = useState<Partial<Record<Check, boolean>>>({});
  const shown = (name: Check) => clicked[name] ?? application[name];
  const toggle = async (name: Check, value: boolean) => {
    setFailure(null);
    setClicked((c) => ({ ...c, [name]: value }));
    try {
      await save.run({ [name]: value });
    } catch (err) {
      setFailure(errorMessage(err, 'The change could not be saved. Please try again.'));
    } finally {
      setClicked(({ [name]: _done, ...rest }) => rest);
    }
  };
  return (
    <section className="card card-body mb-3" aria-labelledby="checks-title">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-2">
        <h2 id="checks-title" className="h5 mb-0 me-auto">
          Progress
        </h2>
        <SaveStatus state={save.state} />
      </div>
      {CHECKS.map((c) => (
        <Form.Check
          key={c.name}
          type="switch"
          id={`check-${c.name}`}
          label={`${c.label}: ${shown(c.name) ? 'Yes' : 'No'}`}
          checked={shown(c.name)}
          onChange={(e) => void toggle(c.name, e.target.checked)}
        />
      ))}
      <hr />
      <Form.Check
        type="switch"
        id="check-isArchived"
        label="Archived (hidden from the lists unless archived ones are shown)"
        checked={shown('isArchived')}
        onChange={(e) => void toggle('isArchived', e.target.checked)}
      />
      {failure && (
        <Alert variant="danger" className="mt-3 mb-0">
          {failure}
        </Alert>
      )}
    </section>
  );
}
