import { Container } from '@mantine/core';
import { ApiError } from '../api';
import { QueryError } from '../../ui/query-error';
import { ShellNotFound } from './shell-not-found';

/**
 * A building or group that could not be loaded. Not found (no role there) and forbidden answer
 * with the not-found page, which says nothing about whether the place exists; anything else can
 * be retried.
 */
export function LoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.code === 'notFound') return <ShellNotFound variant="notFound" />;
  if (error instanceof ApiError && error.code === 'forbidden')
    return <ShellNotFound variant="missingPermission" />;
  return (
    <Container size="sm" py="xl">
      <QueryError error={error} onRetry={onRetry} />
    </Container>
  );
}
