import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ChapterPermission } from '../../../../common/schemas/chapters';
import { userListSchema } from '../../../answerSchemas';
import { userSearchRequestSchema } from '../../../../common/schemas/userSearch';
import { apiSend } from '../../../api';
import { InlineRetry } from '../../../components/InlineRetry';
import { UserResult } from './UserResult';

type SearchForm = z.input<typeof userSearchRequestSchema>;

/** Admins find a user by name or email (at least 2 characters) to give them a chapter role. */
export function UserSearch({
  permissions,
  onChange,
}: {
  permissions: readonly ChapterPermission[];
  onChange: () => Promise<void>;
}) {
  const [search, setSearch] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<
    SearchForm,
    unknown,
    z.output<typeof userSearchRequestSchema>
  >({ resolver: zodResolver(userSearchRequestSchema), defaultValues: { search: '' } });
  const query = useQuery({
    queryKey: ['user-search', search],
    queryFn: () =>
      apiSend('POST', '/api/user/search', { search }, !import.meta.env?.PROD && userListSchema),
    enabled: search !== null,
  });
  const onSubmit = handleSubmit((values) => setSearch(values.search));

  return (
    <section aria-labelledby="add-host-title" className="border-top pt-3 mt-4">
      <h2 id="add-host-title" className="h4">
        Add a Host or Field Organizer
      </h2>
      <Form noValidate onSubmit={(e) => void onSubmit(e)} role="search" className="mb-3">
        <Form.Label htmlFor="user-search">Search users by name or email</Form.Label>
        <InputGroup hasValidation>
          <Form.Control
            id="user-search"
            type="search"
            autoComplete="off"
            {...register('search')}
            isInvalid={!!formState.errors.search}
          />
          <Button type="submit" variant="primary">
            Search
          </Button>
          <Form.Control.Feedback type="invalid">
            {formState.errors.search?.message}
          </Form.Control.Feedback>
        </InputGroup>
      </Form>
      {search !== null && (
        <div aria-live="polite">
          {query.isPending && <p role="status">Searching...</p>}
          {query.isError && <InlineRetry what="users" onRetry={() => void query.refetch()} />}
          {query.data?.length === 0 && <p>No users found.</p>}
          {query.data && query.data.length > 0 && (
            <ul className="list-group">
              {query.data.map((u) => (
                <UserResult
                  key={u.id}
                  user={u}
                  roles={permissions.filter((p) => p.user.id === u.id).map((p) => p.roleId)}
                  onChange={onChange}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
