import { useEffect, useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import type { MemberImportAnswer } from '../../../../common/schemas/memberImport';

// More refusals than this are shown in part; all of them are in the download.
const SHOWN = 100;

/** One CSV field (RFC 4180), with the export's guard against spreadsheet formulas. */
function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

function refusalsCsv(refused: MemberImportAnswer['refused']): string {
  const lines = [
    ['line', 'value', 'reason'],
    ...refused.map((r) => [String(r.line), r.value, r.reason]),
  ];
  return lines.map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What the import did: how many were added, already members, and every refused line. */
export function ImportResult({ answer }: { answer: MemberImportAnswer }) {
  const { added, alreadyMembers, refused } = answer;
  const download = useMemo(
    () =>
      refused.length > 0
        ? URL.createObjectURL(new Blob([refusalsCsv(refused)], { type: 'text/csv' }))
        : null,
    [refused],
  );
  useEffect(() => () => (download ? URL.revokeObjectURL(download) : undefined), [download]);
  return (
    <section aria-labelledby="import-result-title" className="mt-3">
      <h2 className="h5" id="import-result-title">
        Import finished
      </h2>
      <Alert variant={refused.length ? 'warning' : 'success'} role="status">
        <ul className="mb-0">
          <li>{plural(added, 'member added', 'members added')}</li>
          <li>{plural(alreadyMembers, 'was a member already', 'were members already')}</li>
          <li>{plural(refused.length, 'line not imported', 'lines not imported')}</li>
        </ul>
      </Alert>
      {refused.length > 0 && (
        <>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <h3 className="h6 mb-0 me-auto" id="refusals-title">
              Not imported
              {refused.length > SHOWN &&
                ` (the first ${SHOWN} of ${refused.length.toLocaleString('en-US')})`}
            </h3>
            {download && (
              <a
                className="btn btn-sm btn-outline-secondary"
                href={download}
                download="not-imported.csv"
              >
                Download the {plural(refused.length, 'line', 'lines')} as CSV
              </a>
            )}
          </div>
          <div className="table-responsive">
            <Table size="sm" striped aria-labelledby="refusals-title">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Value</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {refused.slice(0, SHOWN).map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td className="text-break">{r.value || <em>(empty)</em>}</td>
                    <td>{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </section>
  );
}
