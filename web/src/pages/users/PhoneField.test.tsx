import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PhoneField } from './PhoneField';

afterEach(cleanup);

/** The field as a form holds it: the value it reports is the value it is given back. */
function Held({ initial, onValue }: { initial: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneField value={value} onChange={(v) => (setValue(v), onValue?.(v))} />
      <button type="button" onClick={() => setValue('+447700900123')}>
        reset
      </button>
    </>
  );
}

const dial = () => screen.getByLabelText('Dial code') as HTMLInputElement;
const phone = () => screen.getByLabelText('Phone') as HTMLInputElement;

describe('PhoneField', () => {
  it('splits the stored value, and again when the form resets it', () => {
    render(<Held initial="+15551234567" />);
    expect([dial().value, phone().value]).toEqual(['+1', '5551234567']);
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect([dial().value, phone().value]).toEqual(['+44', '7700900123']);
  });

  it('keeps what is typed, and reports the dial code with the digits', () => {
    const reported: string[] = [];
    render(<Held initial="" onValue={(v) => reported.push(v)} />);
    fireEvent.change(dial(), { target: { value: '+44' } });
    fireEvent.change(phone(), { target: { value: '(7700) 900-123' } });
    expect([dial().value, phone().value]).toEqual(['+44', '(7700) 900-123']);
    expect(reported.at(-1)).toBe('+447700900123');
  });
});
