import { Anchor, Text } from '@mantine/core';

const urlPattern = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text (a mail body) with its web addresses made clickable. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(urlPattern);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        // split() with a capturing group puts the matches at the odd positions.
        index % 2 === 1 ? (
          <Anchor key={index} href={part}>
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}
