import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconReload } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError, CHUNK_RELOAD_KEY } from './lazy-area';

/** A failure panel with a Reload button; 'Loading chunk failed' for an area that would not load. */
export function ErrorPanel({ title, message }: { title: string; message?: string }) {
  const reload = () => {
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
    window.location.reload();
  };
  return (
    <Center p="xl">
      <Alert color="red" title={title} icon={<IconAlertTriangle />} maw={520} w="100%" role="alert">
        <Stack gap="sm">
          {message && <Text size="sm">{message}</Text>}
          <Button leftSection={<IconReload size={16} />} onClick={reload} variant="light" color="red" w="fit-content">
            Reload
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

interface BoundaryState {
  error: Error | null;
}

/** Catches render errors of one area so the shell stays usable. */
export class AreaErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof ChunkLoadError) {
      return <ErrorPanel title="Loading chunk failed" message="This part of the application could not be loaded." />;
    }
    return <ErrorPanel title="Something went wrong" message={error.message} />;
  }
}
