// The Relay client's account: logging in, whose token goes in every later request (environment.ts), and who is
// logged in.
import { graphql } from 'relay-runtime';

export const logInMutation = graphql`
  mutation AccountLogInMutation($input: LoginInput!) {
    login(input: $input) {
      token
      viewer {
        id
        username
        isAdmin
      }
      userErrors {
        message
        field
        code
      }
    }
  }
`;

export const viewerQuery = graphql`
  query AccountViewerQuery {
    viewer {
      id
      username
    }
  }
`;
