import { flatPanel, gridList, theme } from '@liveedu/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/** Four cards a row on wide screens (why learn here, how teaching works): a heading and a line. */
export const InfoCards = styled.ul`
  ${gridList({ sm: 2, lg: 4 })}
  li {
    ${flatPanel}
    padding: 1.25rem;
  }
  h3 { margin: 0.25rem 0 0.5rem; }
  p { margin: 0; color: ${theme.colors.muted}; }
  .icon { display: inline-flex; color: ${theme.colors.primary}; }
`;

export interface InfoCard {
  icon?: ReactNode;
  title: string;
  text: string;
}

/** InfoCards of a heading and a line each, under the card's icon when it has one. */
export function InfoCardList({ cards }: { cards: InfoCard[] }) {
  return (
    <InfoCards>
      {cards.map((card) => (
        <li key={card.title}>
          {card.icon ? (
            <span className="icon" aria-hidden="true">
              {card.icon}
            </span>
          ) : null}
          <h3>{card.title}</h3>
          <p>{card.text}</p>
        </li>
      ))}
    </InfoCards>
  );
}
