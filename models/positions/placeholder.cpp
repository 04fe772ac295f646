// positions models
