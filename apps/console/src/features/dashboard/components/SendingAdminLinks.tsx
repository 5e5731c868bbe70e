import { ROUTES, type SimulatorDto } from '@beacon/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../../../api/api-context';

/**
 * An admin's links to the sending screens the spec's menu has no place for: Dead letters always, and
 * the Simulator outbox when the simulator sends some channel (GET /api/simulator/; none if it cannot be read).
 */
export function SendingAdminLinks() {
  const api = useApi();
  const [simulated, setSimulated] = useState(false);
  useEffect(() => {
    let current = true;
    api.send<SimulatorDto>('GET', ROUTES.simulator.path).then(
      ({ channels }) => current && setSimulated(channels.length > 0),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api]);
  return (
    <p>
      Messages set aside after repeated attempts can be retried from <Link to="/dead_letters">Dead letters</Link>.
      {simulated && (
        <>
          {' '}
          What the channel simulator sent is in the <Link to="/simulator/outbox">Simulator outbox</Link>.
        </>
      )}
    </p>
  );
}
