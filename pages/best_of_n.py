import streamlit as st

st.title("best_of_n")
