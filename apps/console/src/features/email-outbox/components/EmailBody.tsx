import { Fragment } from 'react';
import styled from 'styled-components';

/** Web addresses in a plain-text email; only http and https become links. */
const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** An email's plain text as written, its web addresses as links (opened in a new tab, so the outbox stays open). */
export function EmailBody({ text }: { text: string }) {
  const pieces = text.split(URL_PATTERN);
  return (
    <Body>
      {pieces.map((piece, index) =>
        index % 2 === 1 ? (
          <a key={index} href={piece} target="_blank" rel="noopener noreferrer">
            {piece}
          </a>
        ) : (
          <Fragment key={index}>{piece}</Fragment>
        ),
      )}
    </Body>
  );
}

const Body = styled.div`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: 1.5;

  a {
    color: ${({ theme }) => theme.colors.highlight};
  }
`;
