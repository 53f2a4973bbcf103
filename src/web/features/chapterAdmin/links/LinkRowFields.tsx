import Form from 'react-bootstrap/Form';
import type { UseFormReturn } from 'react-hook-form';
import type { LinksForm, LinksFormOutput } from './linksForm';

/** One link: its title and URL, labelled with its number for screen readers. */
export function LinkRowFields({
  form,
  index,
}: {
  form: UseFormReturn<LinksForm, unknown, LinksFormOutput>;
  index: number;
}) {
  const errors = form.formState.errors.links?.[index];
  const number = index + 1;
  return (
    <li className="border-bottom mb-3">
      <div className="row gx-3">
        <Form.Group className="col-sm-5 mb-3" controlId={`link-${index}-title`}>
          <Form.Label>
            Title<span className="visually-hidden"> of link {number}</span>
          </Form.Label>
          <Form.Control {...form.register(`links.${index}.title`)} isInvalid={!!errors?.title} />
          <Form.Control.Feedback type="invalid">{errors?.title?.message}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="col-sm-7 mb-3" controlId={`link-${index}-url`}>
          <Form.Label>
            URL<span className="visually-hidden"> of link {number}</span>
          </Form.Label>
          <Form.Control
            type="url"
            inputMode="url"
            placeholder="https://"
            {...form.register(`links.${index}.url`)}
            isInvalid={!!errors?.url}
          />
          <Form.Control.Feedback type="invalid">{errors?.url?.message}</Form.Control.Feedback>
        </Form.Group>
      </div>
    </li>
  );
}
