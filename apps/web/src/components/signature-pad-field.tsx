import { Box, Stack, Text } from '@mantine/core';
import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from '@sm/shared';
import type { RefObject } from 'react';

/**
 * The signature pad of spec platform 2.6 as a form shows it: its label, the 300x200 box to sign in and how. The pad
 * itself (ink, Clear, the PNG) is `useSignaturePad`; the form puts its own Clear and Save beside it.
 */
export function SignaturePadField({ canvasRef, label = 'Signature' }: { canvasRef: RefObject<HTMLCanvasElement | null>; label?: string }) {
  return (
    <Stack gap={6} align="center">
      <Text size="sm" fw={500} w={SIGNATURE_WIDTH + 4}>
        {label}{' '}
        <Text span c="red">
          *
        </Text>
      </Text>
      <Box w={SIGNATURE_WIDTH + 4} style={{ border: '2px solid var(--mantine-color-gray-5)', borderRadius: 'var(--mantine-radius-sm)', background: '#fff', lineHeight: 0 }}>
        <canvas ref={canvasRef} aria-label="Signature pad" role="img" style={{ width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT, touchAction: 'none', display: 'block' }} />
      </Box>
      <Text size="xs" c="dimmed" ta="center">
        Sign inside the box with a finger or a pen.
      </Text>
    </Stack>
  );
}
