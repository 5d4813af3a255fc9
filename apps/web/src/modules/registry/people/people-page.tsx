import { RegistryPage } from '../registry-page';
import { peopleList } from './people-list';
import { PersonForm } from './person-form';
import { PersonPanel } from './person-panel';
import { personInfoRoute } from './routes';

/** people/info: managers read everyone in full; owners and residents read the directory. */
export function PeoplePage() {
  const { personUUID } = personInfoRoute.useParams();
  return (
    <RegistryPage
      ns="people"
      uuid={personUUID}
      list={peopleList}
      card={(person) => <PersonPanel person={person} />}
      createForm={(events) => <PersonForm mode="create" {...events} />}
    />
  );
}
