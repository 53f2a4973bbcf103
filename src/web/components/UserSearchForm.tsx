import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { userSearchRequestSchema } from '../../common/schemas/userSearch';

type SearchForm = z.input<typeof userSearchRequestSchema>;

/**
 * The admins' search for users by name or email (admin/users and chapterAdmin/hosts): checked in
 * the browser as the server checks it, so a too-short query is named here and never sent.
 * `onClear`, when given, offers a Clear button that empties the box too.
 */
export function UserSearchForm({
  id,
  label,
  initial = '',
  onSearch,
  onClear,
}: {
  id: string;
  label: string;
  initial?: string;
  onSearch: (search: string) => void;
  onClear?: () => void;
}) {
  const { register, handleSubmit, formState, reset } = useForm<
    SearchForm,
    unknown,
    z.output<typeof userSearchRequestSchema>
  >({ resolver: zodResolver(userSearchRequestSchema), defaultValues: { search: initial } });
  const onSubmit = handleSubmit((values) => onSearch(values.search));

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} role="search" className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id={id}
          type="search"
          autoComplete="off"
          {...register('search')}
          isInvalid={!!formState.errors.search}
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
        {onClear && (
          <Button
            variant="outline-secondary"
            onClick={() => {
              reset({ search: '' });
              onClear();
            }}
          >
            Clear
          </Button>
        )}
        <Form.Control.Feedback type="invalid">
          {formState.errors.search?.message}
        </Form.Control.Feedback>
      </InputGroup>
    </Form>
  );
}
