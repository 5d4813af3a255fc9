import { RegistryPage } from '../registry-page';
import { useRecords } from '../registry-api';
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
      records={useRecords('people')}
      list={peopleList}
      card={(person) => <PersonPanel person={person} />}
      createForm={(events) => <PersonForm mode="create" {...events} />}
    />
  );
}
