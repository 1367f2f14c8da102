import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { NextCommit } from './NextCommit';

describe('NextCommit', () => {
  it('commits the page first with the placeholder, then its children in a commit of their own', () => {
    const commits: string[] = [];
    function Committed({ name }: { name: string }) {
      useLayoutEffect(() => {
        commits.push(`${name}:${document.body.textContent}`);
      });
      return <span>{name}</span>;
    }
    render(
      <>
        <Committed name="page" />
        <NextCommit placeholder={<Committed name="placeholder" />}>
          <Committed name="rankings" />
        </NextCommit>
      </>,
    );
    expect(commits).toEqual([
      // First commit: the page and the placeholder, no rankings yet.
      'page:pageplaceholder',
      'placeholder:pageplaceholder',
      // Second commit: only the rankings, in the placeholder's place.
      'rankings:pagerankings',
    ]);
    expect(screen.getByText('rankings')).toBeInTheDocument();
  });
});
