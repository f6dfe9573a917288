import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { bindValue } from '#web/lib/bind-value.ts';
import { Checkbox } from './checkbox.tsx';
import { CloseButton } from './close-button.tsx';
import { SearchInput } from './input.tsx';
import { TogglePill } from './toggle-pill.tsx';

function Controls() {
  const [ticked, setTicked] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [term, setTerm] = useState('');
  const [closed, setClosed] = useState(0);
  return (
    <>
      <Checkbox checked={ticked} onCheckedChange={setTicked}>
        Publish it now
      </Checkbox>
      <TogglePill pressed={pressed} onClick={() => setPressed((p) => !p)}>
        Marketing
      </TogglePill>
      <SearchInput label="Search articles" {...bindValue(term, setTerm)} />
      <output>{term}</output>
      <CloseButton label="Close testimonial" onClick={() => setClosed((n) => n + 1)} />
      <p>closed {closed}</p>
    </>
  );
}

describe('UI controls', () => {
  it('ticks a checkbox from its label text and reports the new state', () => {
    render(<Controls />);
    const box = screen.getByRole('checkbox', { name: 'Publish it now' });
    fireEvent.click(screen.getByText('Publish it now'));
    expect((box as HTMLInputElement).checked).toBe(true);
  });

  it('announces a pill as pressed and fills it while it is', () => {
    render(<Controls />);
    const pill = screen.getByRole('button', { name: 'Marketing' });
    expect(pill.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(pill);
    expect(pill.getAttribute('aria-pressed')).toBe('true');
    expect(pill.className).toContain('bg-brand-600');
  });

  it('shows the search label as the placeholder, and bindValue keeps what is typed', () => {
    render(<Controls />);
    const box = screen.getByRole('searchbox', { name: 'Search articles' });
    expect(box.getAttribute('placeholder')).toBe('Search articles...');
    fireEvent.change(box, { target: { value: 'n8n' } });
    expect(screen.getByRole('status').textContent).toBe('n8n');
    expect((box as HTMLInputElement).value).toBe('n8n');
  });

  it('names the close button for what it closes', () => {
    render(<Controls />);
    fireEvent.click(screen.getByRole('button', { name: 'Close testimonial' }));
    expect(screen.getByText('closed 1')).toBeDefined();
  });
});
