// The web app's entry: one Apollo Client, its socket, and the routes.
import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createShopClient } from './app/apollo-client';
import { askForFirstScreen } from './app/first-screen';
import { ShopRoutes } from './app/router';
import { SocketContext } from './app/socket-context';
import './styles/global.css';

const { client, socket } = createShopClient();
askForFirstScreen(client, window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <SocketContext.Provider value={socket}>
        <BrowserRouter>
          <ShopRoutes />
        </BrowserRouter>
      </SocketContext.Provider>
    </ApolloProvider>
  </StrictMode>,
);
